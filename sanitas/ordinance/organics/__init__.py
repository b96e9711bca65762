"""Chapter 50, mandatory organic waste disposal (SB 1383, Ord. 680): premises classes,
service levels, participation, commercial duties, waivers, self-haulers, haulers,
facilities, construction and demolition, CALGreen and inspections.

Everything here is bounded by the subchapter's effective date (``org.in_force``,
ORG-EFFECTIVE): nothing is due and nothing is a violation before it. Numbers, dates
and readings come from the rule pack (``org.*``); a reading a finding relies on is
its ``reading``, never part of its explanation.

A finding rests on what is recorded: a service-level shortfall on a service of the
stream on record, a participation or access violation on an inspection's
observation, a container's missing labels on a recorded purchase date. A duty of a
named period (a quarter's self-inspection, a year's information) is breached when
the period closes without the act: that period is ``overdue`` for good, and a later
act counts for its own period only, never making up the one missed. Records that
contradict each other (an event dated before its business opened, a service that
ends before it starts, a report dated before its period, an answer before its
request) are data problems: reported, and counted for nothing.

One module per group of the subchapter's sections, each module's docstring naming
them:

- ``vocabulary``: the fact types the subchapter's rules read;
- ``common``: what the sections share (in force, classes, services, words);
- ``premises``: Definitions, the subchapter's effective date and premises classes;
- ``single_family``: single-family (A), service levels and participation;
- ``commercial``: commercial (A), service levels, containers, employees,
  self-inspections, education and new tenants;
- ``inspections``: access and inspections;
- ``waivers``: waivers (A)-(B), de minimis and physical space;
- ``self_haulers``: self-haulers;
- ``haulers``: haulers and facilities, capacity requests;
- ``construction``: construction and demolition, and CALGreen.
"""

from sanitas.ordinance.organics import (  # noqa: F401  (each section registers its rules)
    commercial,
    common,
    construction,
    haulers,
    inspections,
    premises,
    self_haulers,
    single_family,
    vocabulary,
    waivers,
)
from sanitas.ordinance.organics.commercial import INFORM_READING as _INFORM_READING
from sanitas.ordinance.organics.commercial import first_act_within as _within
from sanitas.ordinance.organics.commercial import next_after as _next_after
from sanitas.ordinance.organics.common import (
    class_reading,
    premises_class_of,
    subject_class,
    weekly_gallons,
)
from sanitas.ordinance.organics.common import num as _num
from sanitas.ordinance.organics.common import service_record as _service_record
from sanitas.ordinance.organics.haulers import capacity_due
from sanitas.ordinance.organics.premises import premises_class
from sanitas.ordinance.organics.self_haulers import accepts as _accepts
from sanitas.ordinance.organics.waivers import de_minimis_test

#: the sections whose rules run, in the order they run (``rules.AREAS``)
SECTIONS = (
    "premises",
    "single_family",
    "commercial",
    "inspections",
    "waivers",
    "self_haulers",
    "haulers",
    "construction",
)

#: the names read as ``organics.<name>`` (some under the names the area's tests use)
__all__ = [
    "_INFORM_READING",
    "_accepts",
    "_next_after",
    "_num",
    "_service_record",
    "_within",
    "capacity_due",
    "class_reading",
    "de_minimis_test",
    "premises_class",
    "premises_class_of",
    "subject_class",
    "weekly_gallons",
]
