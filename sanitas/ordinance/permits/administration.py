"""'65 Code § 6-8.119(A), § 6-8.116, § 6-8.114 and § 6-8.133: the permit required,
its lapse, its charges, and the final certificate.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from sanitas.ordinance.catalog import cite as catalog_cite
from sanitas.ordinance.engine import Context, Outcome, derived, due, met, overdue, rule, violation
from sanitas.ordinance.general import printed_cite
from sanitas.ordinance.permits.common import (
    code,
    designs_of,
    history,
    money_words,
    num,
    permit_events,
    valid_permit,
)
from sanitas.ordinance.permits.design import (
    clay_clearance,
    cleanouts,
    connection_method,
    depth,
    grade,
    pipe_diameter,
    pipe_material,
)
from sanitas.ordinance.permits.routes import same_lot, unaccepted_street
from sanitas.ordinance.permits.testing import (
    approval_problems,
    approvals,
    cement_problem,
    joints,
    leak_problem,
    standing_problem,
    tests_of,
)
from sanitas.ordinance.words import capital, listing, name_of, requirement_words, words

# --------------------------------------------------------------------------- permit required


def _connection_outcome(connection: Any, ctx: Context) -> Outcome:
    permit, problem = valid_permit(
        connection.permit, connection.premises, "house_connection", connection.date, ctx
    )
    if problem is None and permit is not None:
        if permit.premises is not None and permit.premises != connection.premises:
            problem = (
                f"{name_of(ctx, permit)} designates {name_of(ctx, permit.premises)}, not "
                f"{name_of(ctx, connection.premises)}"
            )
        elif connection.at_designated_place is False:
            problem = f"it was not made at the place {name_of(ctx, permit)} designates"
    what = capital(name_of(ctx, connection))
    if problem is not None:
        return violation(f"{what} had no valid permit: {problem}.")
    return met(f"{what} was made under {name_of(ctx, permit)}.")


@rule("PRM-PERMIT-REQUIRED", on="sewer_connection", cite=code("119(A)"))
def permit_required(connection: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.119(A): "It shall be unlawful for any person to make or maintain … any
    connection with any public sewer of the city until a permit therefor shall have
    been obtained from the Community Development Director, or to make … any such
    connections pursuant to any such permit at any place other than that designated
    therein." """
    if connection.work != "new":
        return None
    return _connection_outcome(connection, ctx)


def repair_outcome(connection: Any, ctx: Context) -> Outcome:
    return _connection_outcome(connection, ctx)


# --------------------------------------------------------------------------- lapse


@derived("permit_status", on="permit", requirement="PRM-LAPSE")
def permit_status(permit: Any, ctx: Context) -> str:
    """issued (work not started), active, void (§ 6-8.116) or finaled (a certificate of
    final inspection)."""
    return history(permit, ctx).status


@derived("permit_lapses_after", on="permit", requirement="PRM-LAPSE")
def permit_lapses_after(permit: Any, ctx: Context) -> date | None:
    """The last day of the running 60-day window (from issue, or from a suspension);
    null while work is active, once finaled, and for permits that do not lapse."""
    return history(permit, ctx).lapses_after


@rule("PRM-LAPSE", on="permit", cite=code("116"))
def lapse(permit: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.116: "If the work authorized by the permit is not commenced within 60 days
    from the date of its issuance, or if the work … shall be suspended or abandoned for
    a period of 60 days, the permit shall thenceforth be null and void, and, before
    such work can be recommenced, a new permit shall be taken out, and the same fees
    fixed for the original permit shall be paid therefor." """
    if permit.kind not in ctx.param("prm.lapsing_permit_kinds", on=permit.issued_on):
        return None
    state = history(permit, ctx)
    days = ctx.param("prm.lapse_days", on=permit.issued_on)
    window = state.lapses_after
    name = name_of(ctx, permit)
    if state.status == "finaled":
        return met(f"{capital(name)} was finaled on {state.finaled_on}.")
    if state.status == "void":
        since = (
            f"work suspended on {state.suspended_on} did not resume within {days} days"
            if state.suspended_on
            else f"work did not start within {days} days of its issue on {permit.issued_on}"
        )
        if state.after_void:
            kind, day = state.after_void[0]
            act = {
                "work_started": "work started",
                "work_resumed": "work resumed",
                "work": "work is recorded",
            }.get(kind, "a certificate of final inspection was issued")
            return violation(
                f"{capital(name)} was void from {state.void_from} ({since}), yet {act} on "
                f"{day} without a new permit and fees.",
                due=window,
            )
        return overdue(
            f"{capital(name)} is void from {state.void_from}: {since}, by {window}; a new "
            "permit and the same fees are required before work.",
            due=window,
        )
    if state.suspended_on is not None:
        return due(
            f"Work under {name} was suspended on {state.suspended_on}; unless it resumes by "
            f"{window} the permit is void.",
            due=window,
        )
    if state.status == "issued":
        return due(
            f"Work under {name} has not started; unless it starts by {window}, "
            f"{days} days after the permit's issue, the permit is void.",
            due=window,
        )
    text = f"Work under {name} started on {state.started_on}"
    if state.resumed_on:
        text += f" and resumed on {state.resumed_on} after a suspension"
    return met(f"{text}, within {days} days; the permit is active.")


# --------------------------------------------------------------------------- charges

_FEE_READING = (
    "The amounts are those of the fee schedule entered for the city, set by Council resolution."
)


def charges(permit: Any, ctx: Context) -> list[tuple[str, Decimal]]:
    """The charge items of a permit under the pack's fee schedule."""
    schedule = ctx.param("prm.fee_schedule", on=permit.issued_on)
    items: list[tuple[str, Decimal]] = []
    fee = schedule.get("permit", {}).get(permit.kind)
    if fee:
        items.append((f"the {words(permit.kind)} permit fee", Decimal(str(fee))))
    premises = ctx.get(permit.premises)
    if (
        permit.kind == "house_connection"
        and premises is not None
        and premises.located_in_city is False
    ):
        items.append(
            (
                "the charge for connecting from outside the city",
                Decimal(str(schedule["outside_city_connection"])),
            )
        )
    area = sum(e.area_sqft for e in permit_events("street_excavation", permit, ctx))
    if area:
        rate = Decimal(str(schedule["street_patch_per_sqft"]))
        amount = max(
            (Decimal(str(area)) * rate).quantize(Decimal("0.01")),
            Decimal(str(schedule["street_patch_minimum"])),
        )
        items.append((f"street patching of {num(area)} sq ft at {money_words(rate)}", amount))
    return items


@derived("permit_fees", on="permit", requirement="PRM-CHARGES")
def permit_fees(permit: Any, ctx: Context) -> Decimal:
    """The permit's charges in dollars under the pack's fee schedule (Council resolution)."""
    return sum((amount for _, amount in charges(permit, ctx)), Decimal("0"))


@rule("PRM-CHARGES", on="permit", cite=code("114"))
def permit_charges(permit: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.114: "(A) … Charges shall be established by Council resolution for
    connecting to the sewer system outside the corporate limits of the city. (B) …
    Charges shall be established by Council resolution and collected by the Community
    Development Director for the patching or replacement of street improvements torn up
    or damaged by any person. (C) … applicable to any person damaging or making
    excavations in the public streets of the city." """
    items = charges(permit, ctx)
    total = ctx.derived("permit_fees", permit)
    if not total:
        return None
    listed = "; ".join(f"{name}, {money_words(amount)}" for name, amount in items)
    text = f"{capital(name_of(ctx, permit))} owes {money_words(total)} ({listed})"
    if permit.fees_paid:
        return met(f"{text}, paid.", reading=_FEE_READING)
    return due(f"{text}, not yet recorded paid.", reading=_FEE_READING)


# --------------------------------------------------------------------------- certificate


_DESIGN_CHECKS = (
    ("PRM-PIPE-MATERIAL", pipe_material),
    ("PRM-PIPE-DIAMETER", pipe_diameter),
    ("PRM-CLEANOUTS", cleanouts),
    ("PRM-GRADE", grade),
    ("PRM-CLAY-CLEARANCE", clay_clearance),
    ("PRM-DEPTH", depth),
    ("PRM-CONNECTION-METHOD", connection_method),
)


def _open(outcome: Outcome | None, *statuses: str) -> bool:
    return outcome is not None and outcome.status in (statuses or ("violation",))


@dataclass(frozen=True)
class Blocker:
    """One thing that keeps a certificate of final inspection from issuing: for the
    worklist, the requirement and the record (``listed``); for the explanation, words."""

    requirement: str | None
    record: str
    said: str

    @property
    def listed(self) -> str:
        return f"{self.requirement}: {self.record}" if self.requirement else self.record


def _fails(requirement: str) -> str:
    cited = printed_cite(catalog_cite(requirement))
    return f"does not meet {cited} ({requirement_words(requirement)})"


def blockers(permit: Any, ctx: Context, on: date | None = None) -> list[Blocker]:
    """Everything that keeps a certificate of final inspection from issuing on ``on``."""
    from sanitas.ordinance.sewers import works as sewers

    on = ctx.as_of if on is None else on
    out: list[Blocker] = []
    state = history(permit, ctx, on)
    if state.status == "void":
        out.append(
            Blocker(
                "PRM-LAPSE",
                f"permit void from {state.void_from}",
                f"the permit was void from {state.void_from}",
            )
        )
    if not permit.fees_paid:
        out.append(
            Blocker("PRM-CHARGES", "fees not recorded paid", "the fees are not recorded paid")
        )
    if permit.kind != "house_connection":
        return out
    designs = designs_of(permit, ctx)
    if not designs:
        out.append(Blocker(None, "no connection design on file", "no connection design is on file"))
    for design in designs:
        checks = [*_DESIGN_CHECKS, ("SEW-MATERIALS", sewers.standard_materials)]
        for ident, check in checks:
            if _open(check(design, ctx)):
                out.append(
                    Blocker(ident, f"design {design.id}", f"the connection design {_fails(ident)}")
                )
        for route in ctx.referring("connection_route", "design", design.id):
            if _open(same_lot(route, ctx)):
                out.append(
                    Blocker(
                        "PRM-SAME-LOT",
                        f"design {design.id}",
                        f"the connection design {_fails('PRM-SAME-LOT')}",
                    )
                )
        for sewer in ctx.referring("unaccepted_street_sewer", "design", design.id):
            if _open(unaccepted_street(sewer, ctx)):
                out.append(
                    Blocker(
                        "PRM-UNACCEPTED-STREET",
                        sewer.id,
                        f"{name_of(ctx, sewer)} {_fails('PRM-UNACCEPTED-STREET')}",
                    )
                )
    tests = tests_of(permit, ctx, on)
    if not tests:
        out.append(Blocker("PRM-PRESSURE", "no pressure test", "no pressure test is on record"))
    else:
        for ident, problem in (
            ("PRM-PRESSURE", leak_problem),
            ("PRM-TEST-STANDING", standing_problem),
            ("PRM-TEST-CEMENT-WAIT", cement_problem),
        ):
            text = problem(tests[-1], ctx)
            if text:
                out.append(Blocker(ident, text, text))
    if not approvals(permit, ctx, on):
        out.append(
            Blocker(
                "PRM-APPROVAL",
                "not inspected and approved",
                "the connection was not inspected and approved",
            )
        )
    out.extend(
        Blocker("PRM-APPROVAL", text, f"the connection was {text}")
        for _, text in approval_problems(permit, ctx, on)
    )
    inspections = [i for i in permit_events("work_inspection", permit, ctx) if i.date <= on]
    if inspections and inspections[-1].result != "approved":
        result = inspections[-1].result
        out.append(
            Blocker(
                "SEW-INSPECTION-NOTICE",
                f"work found {result}",
                f"the work was last found {result} at inspection",
            )
        )
    for check in permit_events("joint_check", permit, ctx):
        if check.date <= on and _open(joints(check, ctx)):
            out.append(
                Blocker(
                    "PRM-JOINTS",
                    f"joint check of {check.date}",
                    f"the joint check of {check.date} found defects",
                )
            )
    licence = sewers.pipe_layer_license(permit, ctx, on)
    if _open(licence, "violation", "overdue"):
        out.append(
            Blocker(
                "SEW-PIPE-LAYER-LICENSE",
                "pipe layer's licence",
                "the pipe layer's city business licence is not shown for the work",
            )
        )
    return out


def certificate_blockers(permit: Any, ctx: Context, on: date | None = None) -> list[str]:
    """Everything that keeps a certificate of final inspection from issuing on ``on``,
    listed as "requirement: record"."""
    return [b.listed for b in blockers(permit, ctx, on)]


@derived("certificate_blockers", on="permit", requirement="PRM-CERTIFICATE")
def certificate_blockers_value(permit: Any, ctx: Context) -> list[str]:
    """What keeps a certificate of final inspection from issuing today (empty: nothing)."""
    return certificate_blockers(permit, ctx)


@derived("certificate_ready", on="permit", requirement="PRM-CERTIFICATE")
def certificate_ready(permit: Any, ctx: Context) -> bool:
    """§ 6-8.133: the work meets every provision of the chapter and all fees are paid."""
    return not ctx.derived("certificate_blockers", permit)


@rule("PRM-CERTIFICATE", on="final_certificate", cite=code("133"))
def certificate(issued: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.133: "When it shall appear to the satisfaction of the Community Development
    Director that any work required by the provisions of this chapter has been
    constructed according to, and meets the requirements of, all the provisions of this
    chapter, and all fees for the inspection thereof have been paid, the Community
    Development Director shall cause to be issued … a certificate of final inspection.
    … The Community Development Director shall not issue the certificate of inspection
    unless the requirements of this chapter have been adhered to." """
    permit = ctx.get(issued.permit)
    if permit is None or issued not in permit_events("final_certificate", permit, ctx):
        return None  # a permit not yet issued, or a certificate dated before it
    found = blockers(permit, ctx, issued.date)
    name = name_of(ctx, permit)
    if found:
        return violation(
            f"A certificate of final inspection was issued on {issued.date} for {name} "
            f"although {listing([b.said for b in found])}."
        )
    return met(
        f"The certificate of final inspection of {issued.date} for {name} was issued when "
        "every check had passed and the fees were paid."
    )
