"""Chapter 50, SB 1383: commercial edible food generators, food recovery
organizations and food recovery services (ORG-EFG-*, ORG-FRO-*, ORG-FRS-*).

A tier one or tier two commercial edible food generator keeps a written
agreement with a food recovery organization or service, keeps records of it,
does not spoil recoverable food and reports each year by February 1. The food
recovery organizations and services it works with keep their own records, tell
it about the Good Samaritan protections in writing, report each year and answer
the city's capacity-planning requests.

Every threshold, date and reading is a rule-pack parameter (``efg.*``; the tier
start dates are ``org.tier1_start`` and ``org.tier2_start``). ORG-EFG-NO-SPOIL is
an inspector's observation, decided by the inspection-observation rules of
``general``; capacity requests use the ``capacity_request`` and
``capacity_response`` facts of ``organics``.

A finding rests on what is recorded: a generator's tier on the measures its
definition names (or, by the reading ``efg.category_implies_definition``, on a
category whose own definition carries the measure); an organization's duty to
report on a primary address on record in the city; a failure to tell a generator
of the Good Samaritan protections on an agreement recorded without the clause.

One module per group of the subchapter's sections, each module's docstring naming
them:

- ``vocabulary``: the fact types the edible food rules read;
- ``common``: what the sections share (words, agreements, months due);
- ``tiers``: the definitions of tier one and tier two generators;
- ``generators``: commercial edible food generators' agreements, records, reports;
- ``recovery``: food recovery organizations and services.
"""

from sanitas.ordinance.edible_food import (  # noqa: F401  (each section registers its rules)
    common,
    generators,
    recovery,
    tiers,
    vocabulary,
)
from sanitas.ordinance.edible_food.common import category_words as _category
from sanitas.ordinance.edible_food.common import month_label as _month_label
from sanitas.ordinance.edible_food.common import months_due_in_one_step as _months_due_in_one_step
from sanitas.ordinance.edible_food.common import (
    months_due_month_by_month as _months_due_month_by_month,
)
from sanitas.ordinance.edible_food.common import months_text as _months_text
from sanitas.ordinance.edible_food.common import with_article as _a
from sanitas.ordinance.edible_food.recovery import LOCATED_BY_PREMISES as _LOCATED_BY_PREMISES
from sanitas.ordinance.edible_food.tiers import IMPLIED_READING as _IMPLIED_READING

#: the sections whose rules run, in the order they run (``rules.AREAS``)
SECTIONS = ("tiers", "generators", "recovery")

#: the names read as ``edible_food.<name>``, under the names the area's tests use
__all__ = [
    "_IMPLIED_READING",
    "_LOCATED_BY_PREMISES",
    "_a",
    "_category",
    "_month_label",
    "_months_due_in_one_step",
    "_months_due_month_by_month",
    "_months_text",
]
