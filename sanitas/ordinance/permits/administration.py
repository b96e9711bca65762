"""'65 Code § 6-8.119(A), § 6-8.116, § 6-8.114 and § 6-8.133: the permit required,
its lapse, its charges, and the final certificate.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Any

from sanitas.ordinance.catalog import cite as catalog_cite
from sanitas.ordinance.engine import Context, Outcome, derived, due, met, overdue, rule, violation
from sanitas.ordinance.general import memo, printed_cite
from sanitas.ordinance.general.common import ref
from sanitas.ordinance.messages import (
    Cents,
    Count,
    Day,
    Items,
    Message,
    Name,
    Phrase,
    Title,
    Word,
    declare,
    vocabulary,
)
from sanitas.ordinance.permits.common import (
    code,
    designs_of,
    history,
    measure,
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
from sanitas.ordinance.permits.fees import FeeAccount, account, fee_day
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
from sanitas.ordinance.words import words

# --------------------------------------------------------------------------- permit required

_OTHER_PREMISES = declare(
    "prm.required.other-premises", "{permit} designates {designated}, not {premises}"
)
_OTHER_PLACE = declare(
    "prm.required.other-place", "it was not made at the place {permit} designates"
)
_NO_VALID_PERMIT = declare(
    "prm.required.no-valid-permit", "{connection} had no valid permit: {why}."
)
_MADE_UNDER = declare("prm.required.made-under", "{connection} was made under {permit}.")


def _connection_outcome(connection: Any, ctx: Context) -> Outcome:
    permit, problem = valid_permit(
        connection.permit, connection.premises, "house_connection", connection.date, ctx
    )
    if problem is None and permit is not None:
        if permit.premises is not None and permit.premises != connection.premises:
            problem = _OTHER_PREMISES(
                permit=ref(ctx, permit),
                designated=ref(ctx, permit.premises),
                premises=ref(ctx, connection.premises),
            )
        elif connection.at_designated_place is False:
            problem = _OTHER_PLACE(permit=ref(ctx, permit))
    what = ref(ctx, connection, capital=True)
    if problem is not None:
        return violation(_NO_VALID_PERMIT(connection=what, why=Phrase(problem)))
    return met(_MADE_UNDER(connection=what, permit=ref(ctx, permit)))


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
    name = ref(ctx, permit)
    if state.status == "finaled":
        return met(_FINALED(permit=ref(ctx, permit, capital=True), date=Day(state.finaled_on)))
    if state.status == "void":
        if state.suspended_on:
            since = _NOT_RESUMED(date=Day(state.suspended_on), days=Count(days))
        else:
            since = _NOT_STARTED(date=Day(permit.issued_on), days=Count(days))
        if state.after_void:
            kind, day = state.after_void[0]
            return violation(
                _WORK_WHILE_VOID(
                    permit=ref(ctx, permit, capital=True),
                    void=Day(state.void_from),
                    since=Phrase(since),
                    act=Phrase(_VOID_ACTS.get(kind, _CERTIFICATE_ISSUED)()),
                    date=Day(day),
                ),
                due=window,
            )
        return overdue(
            _VOID(
                permit=ref(ctx, permit, capital=True),
                void=Day(state.void_from),
                since=Phrase(since),
                window=Day(window),
            ),
            due=window,
        )
    if state.suspended_on is not None:
        return due(
            _SUSPENDED(permit=name, date=Day(state.suspended_on), window=Day(window)), due=window
        )
    if state.status == "issued":
        return due(_NOT_STARTED_YET(permit=name, window=Day(window), days=Count(days)), due=window)
    if state.resumed_on:
        return met(
            _RESUMED(
                permit=name,
                date=Day(state.started_on),
                resumed=Day(state.resumed_on),
                days=Count(days),
            )
        )
    return met(_STARTED(permit=name, date=Day(state.started_on), days=Count(days)))


_FINALED = declare("prm.lapse.finaled", "{permit} was finaled on {date}.")
#: the permit's state that each of PRM-LAPSE's findings states, by its message (issued:
#: work not started; suspended: active, its work suspended; void under § 6-8.116): what a
#: page shows as the permit's status. A kind that does not lapse has no such finding.
LAPSE_STATES = {
    "prm.lapse.not-started-yet": "issued",
    "prm.lapse.started": "active",
    "prm.lapse.resumed": "active",
    "prm.lapse.suspended": "suspended",
    "prm.lapse.void": "void",
    "prm.lapse.work-while-void": "void",
    "prm.lapse.finaled": "finaled",
}
# The English says "days" however many (a lapse is 60 days); the catalogs say the day
# or days by the count.
_NOT_RESUMED = declare(
    "prm.lapse.not-resumed",
    "work suspended on {date} did not resume within {days} days",
    plural="work suspended on {date} did not resume within {days} days",
    count="days",
)
_NOT_STARTED = declare(
    "prm.lapse.not-started",
    "work did not start within {days} days of its issue on {date}",
    plural="work did not start within {days} days of its issue on {date}",
    count="days",
)
#: what was done on the void permit, a clause
_VOID_ACTS = {
    "work_started": declare("prm.lapse.act-started", "work started"),
    "work_resumed": declare("prm.lapse.act-resumed", "work resumed"),
    "work": declare("prm.lapse.act-recorded", "work is recorded"),
}
_CERTIFICATE_ISSUED = declare(
    "prm.lapse.act-certificate", "a certificate of final inspection was issued"
)
_WORK_WHILE_VOID = declare(
    "prm.lapse.work-while-void",
    "{permit} was void from {void} ({since}), yet {act} on {date} without a new permit and fees.",
)
_VOID = declare(
    "prm.lapse.void",
    "{permit} is void from {void}: {since}, by {window}; a new permit and the same fees are "
    "required before work.",
)
_SUSPENDED = declare(
    "prm.lapse.suspended",
    "Work under {permit} was suspended on {date}; unless it resumes by {window} the permit is "
    "void.",
)
_NOT_STARTED_YET = declare(
    "prm.lapse.not-started-yet",
    "Work under {permit} has not started; unless it starts by {window}, {days} days after the "
    "permit's issue, the permit is void.",
    plural="Work under {permit} has not started; unless it starts by {window}, {days} days after "
    "the permit's issue, the permit is void.",
    count="days",
)
_STARTED = declare(
    "prm.lapse.started",
    "Work under {permit} started on {date}, within {days} days; the permit is active.",
    plural="Work under {permit} started on {date}, within {days} days; the permit is active.",
    count="days",
)
_RESUMED = declare(
    "prm.lapse.resumed",
    "Work under {permit} started on {date} and resumed on {resumed} after a suspension, within "
    "{days} days; the permit is active.",
    plural="Work under {permit} started on {date} and resumed on {resumed} after a suspension, "
    "within {days} days; the permit is active.",
    count="days",
)


# --------------------------------------------------------------------------- charges

_FEE_READING = declare(
    "prm.reading.fee-schedule",
    "The amounts are those of the fee schedule entered for the city, set by Council resolution.",
)()


_FEE = declare("prm.charges.fee", "the {kind} permit fee")
_OUTSIDE_CITY = "the charge for connecting from outside the city"
vocabulary(_OUTSIDE_CITY)
_PATCHING = declare("prm.charges.patching", "street patching of {area} sq ft at {rate}")
_ITEM = declare("prm.charges.item", "{item}, {amount}")
_OWES = {
    True: declare("prm.charges.paid", "{permit} owes {total} ({items}), paid."),
    False: declare("prm.charges.unpaid", "{permit} owes {total} ({items}), not yet recorded paid."),
}


def cents(amount: Decimal) -> Cents:
    """An amount of dollars to the cent, as the charges print it ("$1,250.00")."""
    return Cents(int((amount * 100).quantize(Decimal(1), rounding=ROUND_HALF_EVEN)))


def charges(permit: Any, ctx: Context) -> list[tuple[Any, Decimal]]:
    """The charge items of a permit under the pack's fee schedule, each named as a
    message's argument."""
    schedule = ctx.param("prm.fee_schedule", on=fee_day(permit, ctx))
    items: list[tuple[Any, Decimal]] = []
    fee = schedule.get("permit", {}).get(permit.kind)
    if fee:
        items.append((Phrase(_FEE(kind=Word(words(permit.kind)))), Decimal(str(fee))))
    premises = ctx.get(permit.premises)
    if (
        permit.kind == "house_connection"
        and premises is not None
        and premises.located_in_city is False
    ):
        items.append((Word(_OUTSIDE_CITY), Decimal(str(schedule["outside_city_connection"]))))
    area = sum(e.area_sqft for e in permit_events("street_excavation", permit, ctx))
    if area:
        rate = Decimal(str(schedule["street_patch_per_sqft"]))
        amount = max(
            (Decimal(str(area)) * rate).quantize(Decimal("0.01")),
            Decimal(str(schedule["street_patch_minimum"])),
        )
        patching = _PATCHING(area=measure(area), rate=cents(rate))
        items.append((Phrase(patching), amount))
    return items


@derived("permit_fees", on="permit", requirement="PRM-CHARGES")
def permit_fees(permit: Any, ctx: Context) -> Decimal:
    """The permit's charges in dollars under the pack's fee schedule (Council resolution)."""
    return sum((amount for _, amount in charges(permit, ctx)), Decimal("0"))


def fee_account(permit: Any, ctx: Context) -> FeeAccount:
    """The permit's fees by kind, its payments and its balance, in cents (read once)."""
    return memo(ctx, ("fee_account", permit.id), lambda: account(permit, ctx, charges(permit, ctx)))


@derived("permit_fee_balance", on="permit", requirement="PRM-CHARGES")
def permit_fee_balance(permit: Any, ctx: Context) -> int:
    """What is still owed of the permit's fees, in cents (nothing on a void permit)."""
    return fee_account(permit, ctx).balance


_PAYMENT = declare("prm.charges.payment", "receipt {receipt}, {amount} on {date}")
_PAYMENTS_READING = declare(
    "prm.reading.payments",
    "The fees are paid only by the payments recorded against the permit, each with its "
    "receipt; the amounts are those of the fee schedule entered for the city, set by Council "
    "resolution.",
)()
_BY_PAYMENTS = {
    "paid": declare(
        "prm.charges.paid-by",
        "{permit} owes {total} ({items}); {paid} paid ({payments}), nothing outstanding.",
    ),
    "owed": declare(
        "prm.charges.outstanding",
        "{permit} owes {total} ({items}); {paid} paid ({payments}), {balance} outstanding.",
    ),
    "forfeited": declare(
        "prm.charges.forfeited",
        "{permit} is void from {date}; the {paid} paid of its fees ({payments}) is forfeited, "
        "and a new permit takes the same fees.",
    ),
    "refunded": declare(
        "prm.charges.refunded",
        "{permit} is void from {date}; the {paid} paid of its fees ({payments}) is to be "
        "refunded, and a new permit takes the same fees.",
    ),
}


@rule("PRM-CHARGES", on="permit", cite=code("114"))
def permit_charges(permit: Any, ctx: Context) -> Outcome | None:
    """§ 6-8.114: "(A) … Charges shall be established by Council resolution for
    connecting to the sewer system outside the corporate limits of the city. (B) …
    Charges shall be established by Council resolution and collected by the Community
    Development Director for the patching or replacement of street improvements torn up
    or damaged by any person. (C) … applicable to any person damaging or making
    excavations in the public streets of the city." § 6-8.116: "a new permit shall be
    taken out, and the same fees fixed for the original permit shall be paid." """
    items = charges(permit, ctx)
    total = ctx.derived("permit_fees", permit)
    if not total:
        return None
    listed = Items(
        tuple(Phrase(_ITEM(item=name, amount=cents(amount))) for name, amount in items), ";"
    )
    fees = fee_account(permit, ctx)
    if fees.payments:
        receipts = Items(
            tuple(
                Phrase(
                    _PAYMENT(
                        receipt=Name(p.receipt_number), amount=cents(p.amount), date=Day(p.date)
                    )
                )
                for p in fees.payments
            ),
            ";",
        )
        said = _BY_PAYMENTS[fees.standing](
            permit=ref(ctx, permit, capital=True),
            total=cents(total),
            items=listed,
            paid=Cents(fees.paid),
            payments=receipts,
            balance=Cents(max(fees.balance, 0)),
            date=Day(fees.void_from),
        )
        if fees.standing == "owed":
            return due(said, reading=_PAYMENTS_READING)
        return met(said, reading=_PAYMENTS_READING)
    said = _OWES[bool(permit.fees_paid)](
        permit=ref(ctx, permit, capital=True), total=cents(total), items=listed
    )
    if permit.fees_paid:
        return met(said, reading=_FEE_READING)
    return due(said, reading=_FEE_READING)


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
    #: a message's argument: a Word, a Phrase, or a str from a rule still writing English
    said: Any
    #: the fact to open to see or mend what blocks (a design, a test, the permit)
    about: Any = field(default=None, compare=False)
    #: the type of the record whose absence blocks (a design, a test, an approval)
    missing: str | None = None

    @property
    def listed(self) -> str:
        return f"{self.requirement}: {self.record}" if self.requirement else self.record

    def words(self, language: str = "en") -> str:
        """What blocks, in ``language`` (a rule's clause still written in English is
        English in every language)."""
        render = getattr(self.said, "render", None)
        return render(language) if render is not None else str(self.said)


_VOID_BLOCKS = declare("prm.blocker.void", "the permit was void from {date}")
_FEES_UNPAID = "the fees are not recorded paid"
_NO_DESIGN = "no connection design is on file"
_NO_TEST = "no pressure test is on record"
_NOT_APPROVED = "the connection was not inspected and approved"
_NO_LICENCE = "the pipe layer's city business licence is not shown for the work"
vocabulary(_FEES_UNPAID, _NO_DESIGN, _NO_TEST, _NOT_APPROVED, _NO_LICENCE)
_DESIGN_FAILS = declare(
    "prm.blocker.design-fails", "the connection design does not meet {cite} ({rule})"
)
_SEWER_FAILS = declare("prm.blocker.sewer-fails", "{sewer} does not meet {cite} ({rule})")
_APPROVAL = declare("prm.blocker.approval", "the connection was {problem}")
#: the work last found other than approved at inspection, by what it was found
_LAST_FOUND = {
    result: declare(
        f"prm.blocker.last-found-{result}", f"the work was last found {result} at inspection"
    )
    for result in ("defective", "obstructed")
}
_JOINTS_FAILED = declare("prm.blocker.joints", "the joint check of {date} found defects")
_ISSUED_ALTHOUGH = declare(
    "prm.certificate.issued-although",
    "A certificate of final inspection was issued on {date} for {permit} although {blockers}.",
)
_ISSUED_WHEN_READY = declare(
    "prm.certificate.issued",
    "The certificate of final inspection of {date} for {permit} was issued when every check "
    "had passed and the fees were paid.",
)


def _fails(requirement: str) -> dict[str, Any]:
    """The cite and the requirement a thing does not meet, as a message's arguments."""
    return {
        "cite": Name(printed_cite(catalog_cite(requirement))),
        "rule": Title(requirement, lower=True),
    }


def _said(problem: Any) -> Any:
    """A rule's problem as a message's argument (a clause, or English not yet a message)."""
    return Phrase(problem) if isinstance(problem, Message) else problem


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
                Phrase(_VOID_BLOCKS(date=Day(state.void_from))),
                about=permit,
            )
        )
    if not fee_account(permit, ctx).settled:
        out.append(
            Blocker("PRM-CHARGES", "fees not recorded paid", Word(_FEES_UNPAID), about=permit)
        )
    if permit.kind != "house_connection":
        return out
    designs = designs_of(permit, ctx)
    if not designs:
        out.append(
            Blocker(
                None, "no connection design on file", Word(_NO_DESIGN), missing="connection_design"
            )
        )
    for design in designs:
        checks = [*_DESIGN_CHECKS, ("SEW-MATERIALS", sewers.standard_materials)]
        for ident, check in checks:
            if _open(check(design, ctx)):
                fails = Phrase(_DESIGN_FAILS(**_fails(ident)))
                out.append(Blocker(ident, f"design {design.id}", fails, about=design))
        for route in ctx.referring("connection_route", "design", design.id):
            if _open(same_lot(route, ctx)):
                out.append(
                    Blocker(
                        "PRM-SAME-LOT",
                        f"design {design.id}",
                        Phrase(_DESIGN_FAILS(**_fails("PRM-SAME-LOT"))),
                        about=design,
                    )
                )
        for sewer in ctx.referring("unaccepted_street_sewer", "design", design.id):
            if _open(unaccepted_street(sewer, ctx)):
                out.append(
                    Blocker(
                        "PRM-UNACCEPTED-STREET",
                        sewer.id,
                        Phrase(
                            _SEWER_FAILS(sewer=ref(ctx, sewer), **_fails("PRM-UNACCEPTED-STREET"))
                        ),
                        about=sewer,
                    )
                )
    tests = tests_of(permit, ctx, on)
    if not tests:
        out.append(
            Blocker("PRM-PRESSURE", "no pressure test", Word(_NO_TEST), missing="pressure_test")
        )
    else:
        for ident, problem in (
            ("PRM-PRESSURE", leak_problem),
            ("PRM-TEST-STANDING", standing_problem),
            ("PRM-TEST-CEMENT-WAIT", cement_problem),
        ):
            text = problem(tests[-1], ctx)
            if text:
                out.append(Blocker(ident, str(text), _said(text), about=tests[-1]))
    if not approvals(permit, ctx, on):
        out.append(
            Blocker(
                "PRM-APPROVAL",
                "not inspected and approved",
                Word(_NOT_APPROVED),
                missing="work_inspection",
            )
        )
    out.extend(
        Blocker("PRM-APPROVAL", str(text), Phrase(_APPROVAL(problem=_said(text))), about=permit)
        for _, text in approval_problems(permit, ctx, on)
    )
    inspections = [i for i in permit_events("work_inspection", permit, ctx) if i.date <= on]
    if inspections and inspections[-1].result != "approved":
        result = inspections[-1].result
        out.append(
            Blocker(
                "SEW-INSPECTION-NOTICE",
                f"work found {result}",
                Phrase(_LAST_FOUND[result]()),
                about=inspections[-1],
            )
        )
    for check in permit_events("joint_check", permit, ctx):
        if check.date <= on and _open(joints(check, ctx)):
            out.append(
                Blocker(
                    "PRM-JOINTS",
                    f"joint check of {check.date}",
                    Phrase(_JOINTS_FAILED(date=Day(check.date))),
                    about=check,
                )
            )
    licence = sewers.pipe_layer_license(permit, ctx, on)
    if _open(licence, "violation", "overdue"):
        out.append(
            Blocker(
                "SEW-PIPE-LAYER-LICENSE",
                "pipe layer's licence",
                Word(_NO_LICENCE),
                about=permit,
            )
        )
    return out


def certificate_blockers(permit: Any, ctx: Context, on: date | None = None) -> list[str]:
    """Everything that keeps a certificate of final inspection from issuing on ``on``,
    listed as "requirement: record"."""
    return [b.listed for b in blockers(permit, ctx, on)]


_CERTIFIED = declare(
    "prm.blocker.certified",
    "its certificate of final inspection was already issued on {date}, and one certificate "
    "certifies the work",
)


def certificate_refusals(permit: Any, ctx: Context, on: date | None = None) -> list[Blocker]:
    """Whether a certificate of final inspection may issue for ``permit`` on ``on``, and
    if not why: the one answer every door that makes a certificate asks (the notices'
    draft and service, the record form, the API). § 6-8.133 has the Director "cause to
    be issued ... a certificate of final inspection" once the work meets the chapter and
    the fees are paid: one certificate certifies the work, so one already on record
    refuses a second (the permit is finaled), and so does every :func:`blockers` item
    (a void permit among them). Empty: it may issue."""
    on = ctx.as_of if on is None else on
    issued = sorted(ctx.referring("final_certificate", "permit", permit.id), key=lambda c: c.date)
    out = (
        [
            Blocker(
                "PRM-CERTIFICATE",
                f"certificate of {issued[0].date}",
                Phrase(_CERTIFIED(date=Day(issued[0].date))),
                about=issued[0],
            )
        ]
        if issued
        else []
    )
    return out + blockers(permit, ctx, on)


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
    name = ref(ctx, permit)
    if found:
        return violation(
            _ISSUED_ALTHOUGH(
                date=Day(issued.date), permit=name, blockers=Items(tuple(b.said for b in found))
            )
        )
    return met(_ISSUED_WHEN_READY(date=Day(issued.date), permit=name))
