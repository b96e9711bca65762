"""What the legal review of the demo city (docs/legal-review.md) found wrong, held in
words: each finding says truly, on the record, why it stands.

The statuses and due dates of these cases are in scenario files
(``tests/scenarios/fog-order-before-installation-edges.yaml``,
``enf-hauler-contamination-notice-edges.yaml``, ``sw-disposal-means-not-shown.yaml``,
``org-self-inspect-next-act-day-after.yaml``, ``org-education-next-act-day-after.yaml``,
``enf-nov-quarter-missed-while-pending-day-of.yaml``,
``sew-licence-city-examination-after-expiry.yaml``); these tests read the explanations
and readings those files cannot state.
"""

from __future__ import annotations

from pathlib import Path

from sanitas.ordinance import enforcement
from sanitas.ordinance.document import load_document
from sanitas.ordinance.engine import Evaluation, Finding, evaluate_facts

SCENARIOS = Path(__file__).resolve().parent / "scenarios"


def _evaluate(name: str) -> Evaluation:
    document = load_document(SCENARIOS / name)
    assert document.as_of is not None
    return evaluate_facts(
        document.facts, as_of=document.as_of, pack=document.pack(), holidays=document.holidays
    )


def _one(evaluation: Evaluation, requirement: str, subject: str) -> Finding:
    (finding,) = [
        f for f in evaluation.findings if f.requirement == requirement and f.subject == subject
    ]
    return finding


def test_an_order_set_aside_as_a_data_problem_is_named_not_denied():
    """FOG-MIN-FREQUENCY: where the Director's order on record is dated before the
    interceptor was installed, the default applies, and the finding says why instead of
    saying no frequency was set."""
    evaluation = _evaluate("fog-order-before-installation-edges.yaml")
    before = _one(evaluation, "FOG-MIN-FREQUENCY", "gi-before")
    assert "no frequency set by the Director" not in before.explanation
    assert (
        "the Director's order of 2024-11-30 is dated before the installation and sets no "
        "frequency for it: it is pumped out quarterly" in before.explanation
    )
    day_of = _one(evaluation, "FOG-MIN-FREQUENCY", "gi-dayof")
    assert "the Director's order of 2024-12-01 sets a pump-out every month" in day_of.explanation


def test_a_hauler_found_contamination_is_told_in_the_hauler_track_words():
    """ORG-CONTAMINATION-NOV, (D)(6): the hauler issues a notice of contamination by cart
    tag or other communication; the consecutive occasions and notices of violation are the
    city's (D)(3) track, not the hauler's."""
    evaluation = _evaluate("enf-hauler-contamination-notice-edges.yaml")
    overdue = _one(evaluation, "ORG-CONTAMINATION-NOV", "p-d")
    assert overdue.cite == "Ch. 50 enforcement (D)(6)"
    assert overdue.explanation == (
        "Contamination was found in the containers of 104 Roses Rd by the hauler on "
        "2025-03-10; no cart tag or other notice of contamination was issued by 2025-03-12."
    )
    for finding in evaluation.findings:
        if finding.requirement == "ORG-CONTAMINATION-NOV":
            assert "consecutive" not in finding.explanation
            assert "cart tag or notice of violation" not in finding.explanation


def test_the_hauler_track_still_tells_the_city_when_fines_may_follow():
    """ORG-CONTAMINATION-NOV: a hauler-found day that is a consecutive occasion from which
    the city may assess fines ((D)(3)) says so, with the reading."""
    evaluation = _evaluate("enf-contamination-own-track.yaml")
    hauler = [
        f
        for f in evaluation.findings
        if f.requirement == "ORG-CONTAMINATION-NOV" and f.cite == "Ch. 50 enforcement (D)(6)"
    ]
    (fourth,) = hauler
    assert "by the hauler on 2025-03-24, the fourth consecutive occasion, so contamination " in (
        fourth.explanation
    )
    assert fourth.reading and "third consecutive occasion" in fourth.reading_text


def test_no_means_of_disposal_on_record_is_to_be_shown_and_says_so():
    """SW-DISPOSAL-MEANS: without a contractor service or self-haul on record the
    premises is to show its means of disposal; the finding says what it may be, the
    reading why no violation follows."""
    evaluation = _evaluate("sw-disposal-means-not-shown.yaml")
    finding = _one(evaluation, "SW-DISPOSAL-MEANS", "p-ends-yesterday")
    assert finding.status == "due"
    assert "is to show how it disposes of its solid waste" in finding.explanation
    assert "licensed landfill or disposal site" in finding.explanation
    assert finding.reading and "needs no record with the city" in finding.reading_text


def _of_period(evaluation: Evaluation, requirement: str, subject: str, period: str) -> Finding:
    (finding,) = [
        f
        for f in evaluation.findings
        if (f.requirement, f.subject, f.period) == (requirement, subject, period)
    ]
    return finding


def test_a_period_missed_stays_overdue_and_names_the_act_that_came_after_it():
    """ORG-COM-SELF-INSPECT, ORG-COM-EDUCATION: a quarter or a year that closed without the
    act is breached for good; the next act meets its own period, and the period missed
    says so in words, with no reading and never "late"."""
    evaluation = _evaluate("org-self-inspect-next-act-day-after.yaml")
    missed = _of_period(evaluation, "ORG-COM-SELF-INSPECT", "shop", "2024-Q3")
    assert (missed.status, missed.reading) == ("overdue", None)
    assert missed.explanation == (
        "Elm Street Hardware made no self-inspection of its green and black containers in the "
        "third quarter of 2024; one was due by 2024-09-30, and the next, on 2024-11-15, counts "
        "for its own quarter only."
    )
    assert _of_period(evaluation, "ORG-COM-SELF-INSPECT", "shop", "2024-Q4").status == "met"
    evaluation = _evaluate("org-education-next-act-day-after.yaml")
    missed = _of_period(evaluation, "ORG-COM-EDUCATION", "manager", "2024")
    assert (missed.status, missed.reading) == ("overdue", None)
    assert missed.explanation.endswith(
        "in 2024; it was due by 2024-12-31, and the information given on 2025-03-10 counts for "
        "its own year only."
    )
    for finding in evaluation.findings:
        assert "made up" not in finding.explanation and "came late" not in finding.explanation


def test_a_notice_is_complied_with_by_the_act_resumed_after_a_quarter_missed_while_it_stood():
    """ORG-NOV-60-DAYS, ORG-CIVIL-PENALTIES: the quarter missed while the notice stood stays
    overdue; the notice is complied with, late, from the day the act resumed in a later
    quarter, and that quarter calls for no new notice."""
    evaluation = _evaluate("enf-nov-quarter-missed-while-pending-day-of.yaml")
    notice = _one(evaluation, "ORG-NOV-60-DAYS", "nov")
    assert notice.status == "late"
    assert "the records show compliance from 2025-01-10, after the deadline" in notice.explanation
    assert notice.reading == enforcement.ACT_READING
    assert "a quarter or year missed since, whose act can no longer be done" in notice.reading_text
    penalties = _one(evaluation, "ORG-CIVIL-PENALTIES", "shop")
    assert penalties.status == "met"
    assert penalties.explanation.endswith(
        "the notice of violation of 2024-10-15 was issued for it and complied with (the records "
        "show compliance from 2025-01-10)."
    )


def test_the_citys_examination_after_a_licence_expired_is_named_and_is_not_work():
    """SEW-PIPE-LAYER-LICENSE, § 6-8.103: the Director's inspection or an inspector's joint
    check after the expiry examines work already done: the finding names it as the city's
    and stays due; a covering after it is the pipe layer's own work, and a violation."""
    evaluation = _evaluate("sew-licence-city-examination-after-expiry.yaml")
    inspected = _one(evaluation, "SEW-PIPE-LAYER-LICENSE", "insp-after")
    assert inspected.status == "due"
    assert inspected.explanation.endswith(
        "no work by Canyon Sewer Contractors is recorded since, and none may be done until the "
        "licence is renewed; the inspection of the work of 2025-04-21 was the city's "
        "examination of work already done."
    )
    before = _one(evaluation, "SEW-PIPE-LAYER-LICENSE", "insp-before")
    assert "examination" not in before.explanation
    finaled = _one(evaluation, "SEW-PIPE-LAYER-LICENSE", "finaled")
    assert finaled.status == "met"
    assert "the work, recorded from 2025-04-02 to 2025-04-10, was finaled on 2025-04-25" in (
        finaled.explanation
    )
    covered = _one(evaluation, "SEW-PIPE-LAYER-LICENSE", "covered-after")
    assert covered.status == "violation"
    assert "the covering of the work on 2025-04-21 shows sewer work" in covered.explanation
