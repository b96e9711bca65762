"""§ 51.62, Best management practices required: the BMP program and its written
submittal (§ 51.62(A), (D)) and the employees' training and its records
(§ 51.62(B), (C)), with the training rules' fast path.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import Any, NamedTuple

from sanitas.ordinance.calendar import add_days
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
    fse,
    fse_covered,
    has_opened,
    in_force_from,
    ref,
    report_problem,
)
from sanitas.ordinance.fog.vocabulary import BmpSubmittal, Training
from sanitas.ordinance.general import Employee, Establishment
from sanitas.ordinance.messages import (
    Count,
    Day,
    Items,
    Message,
    Name,
    Phrase,
    Word,
    declare,
    reading_sentences,
    vocabulary,
)
from sanitas.ordinance.words import words

# --------------------------------------------------------------------------- FOG-BMP-PROGRAM

_BMP_LABEL = {
    "drain_screens": "drain screens",
    "grease_segregation": "segregation and collection of waste cooking grease",
    "food_waste_to_trash": "disposal of food waste into trash receptacles (not sinks)",
    "exhaust_filters": "kitchen exhaust filter maintenance",
    "employee_training": "an employee training program",
    "kitchen_signage": "kitchen signage",
}


vocabulary(*_BMP_LABEL.values())
_PROGRAM = "The best management practices program {establishment} submitted on {date} "
_PROGRAM_LACKS = declare(
    "fog.bmp.lacking",
    _PROGRAM + "lacks {missing}: {count} of the {required} minimum practice.",
    plural=_PROGRAM + "lacks {missing}: {count} of the {required} minimum practices.",
    count="required",
)
_PROGRAM_COMPLETE = declare(
    "fog.bmp.complete",
    _PROGRAM + "includes all {required} minimum practice.",
    plural=_PROGRAM + "includes all {required} minimum practices.",
    count="required",
)


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
    program = {
        "establishment": ref(ctx, establishment),
        "date": Day(submittal.date),
        "required": Count(len(required)),
    }
    if missing:
        return violation(
            _PROGRAM_LACKS(
                **program,
                missing=Items(tuple(Word(m) for m in missing)),
                count=Count(len(missing)),
            )
        )
    return met(_PROGRAM_COMPLETE(**program))


# --------------------------------------------------------------------------- FOG-BMP-SUBMITTAL


_SUBMITTED = declare(
    "fog.bmp.submitted",
    "{establishment} submitted its written best management practices program to the Director "
    "on {date}.",
)
_NOT_SUBMITTED = declare(
    "fog.bmp.not-submitted",
    "{establishment} is a food service establishment, and no written best management practices "
    "program from it has been submitted to the Director.",
)


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
    who = ref(ctx, establishment, capital=True)
    if submittals:
        return met(_SUBMITTED(establishment=who, date=Day(submittals[-1].date)))
    return violation(_NOT_SUBMITTED(establishment=who))


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


vocabulary(*_TOPIC_WORDS.values())
_UNSIGNED = declare(
    "fog.training.unsigned", "the training of {date} is unsigned, so it does not count"
)
_UNCOVERED = declare(
    "fog.training.uncovered",
    "the training of {date} did not cover {topics}, so it does not count",
)
#: two clauses of a list joined by a semicolon
_AND_THEN = declare("fog.training.and-then", "{first}; {rest}")


def training_defect(training: Training, ctx: Context) -> tuple[Phrase, Message] | None:
    """Why a training does not count (a clause: "the training of … is unsigned, so it
    does not count"), and the reading that says so; None if it counts."""
    if not training.signed and ctx.param("fog.training_counts_only_signed", on=training.date):
        return Phrase(_UNSIGNED(date=Day(training.date))), UNSIGNED_DOES_NOT_COUNT
    topics = ctx.param("fog.training_topics", on=max(training.date, in_force_from(ctx)))
    if training.topics is not None:
        lacking = [_TOPIC_WORDS.get(t, words(t)) for t in topics if t not in training.topics]
        if lacking:
            return (
                Phrase(
                    _UNCOVERED(
                        date=Day(training.date), topics=Items(tuple(Word(t) for t in lacking))
                    )
                ),
                TOPICS_MUST_BE_COVERED,
            )
    return None


def _semicolons(clauses: list[Any]) -> Any:
    """Clauses joined by semicolons ("a; b; c"), the first alone as it is."""
    out = clauses[-1]
    for clause in reversed(clauses[:-1]):
        out = Phrase(_AND_THEN(first=clause, rest=out))
    return out


def _defect(training: Training, ctx: Context) -> tuple[Phrase, Message] | None:
    """``training_defect``, once per training and evaluation."""
    cache = ctx.memo("fog.training_defects")
    key = id(training)
    if key not in cache:
        cache[key] = training_defect(training, ctx)
    return cache[key]


_BEFORE_HIRED = declare(
    "fog.problem.training-before-hire",
    "The training of {date} at {establishment} lists {employee}, who was hired only on {hired}.",
)
_AFTER_LEFT = declare(
    "fog.problem.training-after-leaving",
    "The training of {date} at {establishment} lists {employee}, who had left on {left}.",
)


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
                    _BEFORE_HIRED(
                        date=Day(training.date),
                        establishment=ref(ctx, training.establishment),
                        employee=ref(ctx, employee),
                        hired=Day(employee.hired_on),
                    ),
                )
            elif employee.left_on is not None and training.date > employee.left_on:
                report_problem(
                    ctx,
                    [training, employee],
                    _AFTER_LEFT(
                        date=Day(training.date),
                        establishment=ref(ctx, training.establishment),
                        employee=ref(ctx, employee),
                        left=Day(employee.left_on),
                    ),
                )
            else:
                kept.append((training, _defect(training, ctx)))
        cache[employee.id] = kept
    return cache[employee.id]


def trainings_of(
    employee: Employee, ctx: Context, start: date, end: date | None = None
) -> tuple[list[Training], list[tuple[Phrase, Message]]]:
    """The employee's trainings dated from ``start`` to ``end``: those that count, and
    why each other one does not (with its reading)."""
    counted: list[Training] = []
    ignored: list[tuple[Phrase, Message]] = []
    for training, defect in _classified(employee, ctx):
        if training.date < start or (end is not None and training.date > end):
            continue
        if defect is None:
            counted.append(training)
        else:
            ignored.append(defect)
    return counted, ignored


def _not_counted(ignored: list[tuple[Any, Message]]) -> tuple[Any, Message | None]:
    """Why the trainings that did not count do not ("the training of 2025-02-10 is
    unsigned, so it does not count"; several joined by semicolons), and the readings
    that say so, each once, one sentence after the other; None and None when all
    counted."""
    if not ignored:
        return None, None
    kept = list(dict.fromkeys(reading for _, reading in ignored))
    readings = kept[0] if len(kept) == 1 else reading_sentences(*(Phrase(r) for r in kept))
    return _semicolons([why for why, _ in ignored]), readings


_NAMED_HIRED = declare("fog.training.named-hired", "{name} (hired {date})")


def _employee_subject(employee: Employee, ctx: Context) -> Any:
    """The employee at the start of a sentence, with the hire date said once."""
    if getattr(employee, "name", None):
        return Phrase(_NAMED_HIRED(name=Name(employee.name), date=Day(employee.hired_on)))
    return ref(ctx, employee, capital=True)


#: why a training was due, by whether it still is ("is") or was ("was"): made with
#: the days it was due within and, for the initial training, the effective date
_WHY_INITIAL = {
    verb: declare(
        f"fog.training.initial-{verb}",
        "was employed when the FOG rules took effect on {in_force} and " + verb + " to be "
        "trained within {days} day",
        plural="was employed when the FOG rules took effect on {in_force} and " + verb + " to be "
        "trained within {days} days",
        count="days",
    )
    for verb in ("is", "was")
}
_WHY_NEW_HIRE = {
    verb: declare(
        f"fog.training.new-hire-{verb}",
        verb + " to receive FOG training within {days} day of being hired",
        plural=verb + " to receive FOG training within {days} days of being hired",
        count="days",
    )
    for verb in ("is", "was")
}
_TRAINING_DUE = declare("fog.training.due", "{who} {why}, by {due}, {tail}.")
_TRAINED = declare("fog.training.trained", "and was trained on {done}")
_TRAINED_LATE = declare(
    "fog.training.trained-late",
    "and was trained on {done}, {days} day late",
    plural="and was trained on {done}, {days} days late",
    count="days",
)
#: no counted training: (not yet due, trainings that did not count)
_UNTRAINED = {
    (True, False): declare("fog.training.none-yet", "and no counted FOG training is on record yet"),
    (True, True): declare(
        "fog.training.none-yet-skipped",
        "and no counted FOG training is on record yet ({skipped})",
    ),
    (False, False): declare("fog.training.none", "but no counted FOG training is on record"),
    (False, True): declare(
        "fog.training.none-skipped", "but no counted FOG training is on record ({skipped})"
    ),
}


def _training_deadline(
    *,
    employee: Employee,
    ctx: Context,
    start: date,
    due_on: date,
    why: tuple[dict[str, Any], dict[str, Any]],
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
        explanation=_training_words(who, why, ctx.as_of, due_on, done_on, skipped),
        reading=reading,
    )


def _training_words(
    who: Any,
    why: tuple[dict[str, Any], dict[str, Any]],
    as_of: date,
    due_on: date,
    done_on: date | None,
    skipped: Any,
) -> Message:
    """The finding of a training due once: ``who``, ``why`` (the messages by verb and
    their arguments), the due day and the day trained, and why the trainings that
    did not count do not (``skipped``, a clause, or None)."""
    messages, args = why
    verb = "is" if done_on is None and as_of <= due_on else "was"
    if done_on is not None and done_on <= due_on:
        tail = _TRAINED(done=Day(done_on))
    elif done_on is not None:
        tail = _TRAINED_LATE(done=Day(done_on), days=Count((done_on - due_on).days))
    else:
        made = _UNTRAINED[as_of <= due_on, skipped is not None]
        tail = made(skipped=skipped) if skipped is not None else made()
    return _TRAINING_DUE(
        who=who, why=Phrase(messages[verb](**args)), due=Day(due_on), tail=Phrase(tail)
    )


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
        why=(_WHY_INITIAL, {"in_force": Day(in_force), "days": Count(days)}),
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
        why=(_WHY_NEW_HIRE, {"days": Count(days)}),
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
    who = ref(ctx, employee, capital=True)
    for year in _full_years(employee, ctx):
        year_end = date(year, 12, 31)
        needed = ctx.param("fog.trainings_per_year", on=year_end)
        counted, ignored = trainings_of(employee, ctx, date(year, 1, 1), year_end)
        done_on = counted[needed - 1].date if len(counted) >= needed else None
        skipped, reading = _not_counted(ignored) if done_on is None else (None, None)
        text = _year_of_training_words(
            who,
            str(year),
            year_end,
            ctx.as_of,
            [t.date for t in counted],
            needed,
            done_on,
            skipped,
        )
        yield deadline(
            due_on=year_end,
            done_on=done_on,
            as_of=ctx.as_of,
            period=str(year),
            explanation=text,
            reading=reading,
        )


_EMPLOYED_ALL = declare("fog.training.employed-all", "{who} was employed all of {year}")
_EMPLOYED_SINCE = declare(
    "fog.training.employed-since", "{who} has been employed since the start of {year}"
)
_YEAR_DONE = declare(
    "fog.training.year-done",
    "{employed} and was trained on {dates}, the {needed} trainings the year requires.",
)
_SHORT = "{employed}: {counted} counted FOG training dated in {year}"
_SHORTS = "{employed}: {counted} counted FOG trainings dated in {year}"
#: a year short of its trainings: (with notes on those of the year, still due)
_YEAR_SHORT = {
    (notes, verb): declare(
        "fog.training.year-short" + ("-notes" if notes else "") + f"-{verb.replace(' ', '-')}",
        _SHORT + (" ({notes})" if notes else "") + f", and {{needed}} {verb} by {{end}}.",
        plural=_SHORTS + (" ({notes})" if notes else "") + f", and {{needed}} {verb} by {{end}}.",
        count="counted",
    )
    for notes in (False, True)
    for verb in ("are due", "were due")
}


def _year_of_training_words(
    who: Any,
    year: str,
    year_end: date,
    as_of: date,
    dates: list[date],
    needed: int,
    done_on: date | None,
    skipped: Any,
) -> Message:
    """The finding of a year's trainings: ``who``, the year and its last day, the
    days of the trainings that count, the ``needed`` ones, and why the others did
    not count (``skipped``, a clause, or None)."""
    employed = Phrase(
        _EMPLOYED_ALL(who=who, year=year)
        if as_of >= year_end
        else _EMPLOYED_SINCE(who=who, year=year)
    )
    days = Items(tuple(Day(d) for d in dates))
    if done_on is not None:
        return _YEAR_DONE(employed=employed, dates=days, needed=Count(needed))
    notes = [n for n in (days if dates else None, skipped) if n is not None]
    made = _YEAR_SHORT[bool(notes), "are due" if as_of <= year_end else "were due"]
    args = {
        "employed": employed,
        "counted": Count(len(dates)),
        "year": year,
        "needed": Count(needed),
        "end": Day(year_end),
    }
    if notes:
        args["notes"] = _semicolons(notes)
    return made(**args)


# ------------------------------------------------------------- training, the fast path
#
# The three training rules above as the engine's fast path runs them: what they
# each work out about an employee (whether the business is a food service
# establishment, the end of employment, the names) once per employee, and the
# years of FOG-TRAINING-SEMIANNUAL in one pass over the employee's trainings. The
# findings are the rules' own (tests/test_engine_speed.py compares the two paths).


class _Trainee(NamedTuple):
    end: date | None  # the last day of employment
    name: Any  # at the start of a sentence
    subject: Any  # at the start of a sentence, with the hire date said once


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
        name = ref(ctx, employee, capital=True)
        subject = _employee_subject(employee, ctx) if getattr(employee, "name", None) else name
        trainee = _Trainee(_employment_end(employee, ctx), name, subject)
    cache[key] = trainee
    return trainee


def _training_deadline_fast(
    employee: Employee,
    trainee: _Trainee,
    ctx: Context,
    start: date,
    due_on: date,
    why: tuple[dict[str, Any], dict[str, Any]],
) -> Outcome | None:
    """``_training_deadline`` for a trainee: the first counted training from
    ``start``, or if there is none, why the others do not count."""
    done_on = None
    ignored: list[tuple[Any, str]] = []
    for training, defect in _classified(employee, ctx):
        if training.date < start:
            continue
        if defect is None:
            done_on = training.date
            break
        ignored.append(defect)
    reading = None
    skipped = None
    if done_on is None:
        end = trainee.end
        if end is not None and end < due_on:
            return None  # left before the training fell due
        skipped, reading = _not_counted(ignored)
    as_of = ctx.as_of
    text = _training_words(trainee.subject, why, as_of, due_on, done_on, skipped)
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
    why = (_WHY_INITIAL, {"in_force": Day(in_force), "days": Count(days)})
    return _training_deadline_fast(employee, trainee, ctx, in_force, add_days(in_force, days), why)


def _training_new_hire_fast(employee: Employee, ctx: Context) -> Outcome | None:
    hired_on = employee.hired_on
    if hired_on < in_force_from(ctx):
        return None
    trainee = _trainee(employee, ctx)
    if trainee is None:
        return None
    days = ctx.param("fog.new_hire_training_days", on=hired_on)
    why = (_WHY_NEW_HIRE, {"days": Count(days)})
    return _training_deadline_fast(employee, trainee, ctx, hired_on, add_days(hired_on, days), why)


def _training_semiannual_in_one_pass(employee: Employee, ctx: Context) -> list[Outcome]:
    """FOG-TRAINING-SEMIANNUAL's years in one pass over the employee's trainings."""
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
        dates, ignored = by_year.get(number, _NO_TRAININGS)
        done_on = dates[needed - 1] if len(dates) >= needed else None
        skipped, reading = _not_counted(ignored) if done_on is None else (None, None)
        text = _year_of_training_words(
            who, period, year_end, as_of, dates, needed, done_on, skipped
        )
        status = deadline_status(year_end, done_on, as_of)
        add(new_tuple(Outcome, (status, text, year_end, period, None, reading, None)))
    return out


#: a year's trainings of one employee: the days of those that count, and why each
#: other one does not
_YearOfTrainings = tuple[list[date], list[tuple[Any, str]]]
_NO_TRAININGS: _YearOfTrainings = ([], [])


def _trainings_by_year(employee: Employee, ctx: Context) -> dict[int, _YearOfTrainings]:
    """The employee's trainings by calendar year, in the order the rules see them
    (oldest first)."""
    by_year: dict[int, _YearOfTrainings] = {}
    for training, defect in _classified(employee, ctx):
        bucket = by_year.get(training.date.year)
        if bucket is None:
            bucket = by_year[training.date.year] = ([], [])
        if defect is None:
            bucket[0].append(training.date)
        else:
            bucket[1].append(defect)
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


_TRAINING_RECORD = "The FOG training at {establishment} on {date} ({people} employee"
_TRAINING_RECORDS = "The FOG training at {establishment} on {date} ({people} employees"
_SIGNED = declare(
    "fog.training-records.signed",
    _TRAINING_RECORD + ") is documented with signatures.",
    plural=_TRAINING_RECORDS + ") is documented with signatures.",
    count="people",
)
_NOT_SIGNED = declare(
    "fog.training-records.unsigned",
    _TRAINING_RECORD + ") has no employee signatures showing attendance and understanding.",
    plural=_TRAINING_RECORDS + ") has no employee signatures showing attendance and understanding.",
    count="people",
)


@rule("FOG-TRAINING-RECORDS", on="training")
def training_records(training: Training, ctx: Context) -> Outcome | None:
    """§ 51.62(C): "Training shall be documented and employee signatures retained
    indicating each employee's attendance and understanding of the practices
    reviewed." The finding names the establishment."""
    establishment = fse(training.establishment, ctx)
    if establishment is None or training.date < in_force_from(ctx):
        return None
    what = {
        "establishment": ref(ctx, establishment),
        "date": Day(training.date),
        "people": Count(len(training.employees)),
    }
    if training.signed:
        return met(_SIGNED(**what), subject=establishment.id)
    counts_only_signed = ctx.param("fog.training_counts_only_signed", on=training.date)
    return violation(
        _NOT_SIGNED(**what),
        subject=establishment.id,
        reading=UNSIGNED_DOES_NOT_COUNT if counts_only_signed else None,
    )
