"""Cross-cutting rules (GEN-*) and the inspection-observation mechanism.

- Inspection observations: ``inspection.violations`` lists the requirement IDs
  an inspector observed violated at the inspection's subject. Every requirement
  whose System column in ``requirements.md`` calls for an *inspection finding*, a
  *finding* or a *checklist* gets one generated rule here (the set is read from
  the catalog, never listed by hand): the latest inspection of the subject that
  lists the ID is a ``violation``; a later inspection that no longer lists it, or
  a correction on a notice for it, records it corrected (``met``, or ``late`` when
  it came after the deadline a notice for it set). An inspection dated before its
  subject existed is a data problem and counts for nothing. No other rule reads
  ``inspection.violations``.
- GEN-PENALTY-MISDEMEANOR: which violations may be referred for misdemeanor
  prosecution, and the ceiling. A referral follows an act the law forbids: a
  design that fails plan check, or a test that has not yet passed, is a reason
  not to approve the work, not a crime (pack ``gen.referral_acts``).
- GEN-NOTICE-ADDRESS: to whom, and where, a notice is sent.

One module per group, each module's docstring naming its sections:

- ``vocabulary``: the fact types every area reads (premises, establishments,
  employees, inspections, notices, corrections, citations);
- ``common``: what every area shares (memos, related facts, words, printed cites);
- ``observations``: the inspection-observation rules;
- ``penalties``: § 50.999(A) and § 10.99, misdemeanor referrals;
- ``notices``: enforcement (D)(5)(b), to whom a notice is sent.

The package is the general provisions' public face: the other areas, and the
records and pages, read its vocabulary and shared helpers as ``general.<name>``.
"""

from sanitas.ordinance.general import (  # noqa: F401  (each section registers its rules)
    common,
    notices,
    observations,
    penalties,
    vocabulary,
)
from sanitas.ordinance.general.common import dollars, join_dates, memo, printed_cite, related
from sanitas.ordinance.general.notices import notice_recipient
from sanitas.ordinance.general.observations import (
    OBSERVATION_RULES,
    inspections_for,
    is_observation,
    observation_requirements,
    program_of,
)
from sanitas.ordinance.general.penalties import (
    CHAPTER_50_PENALTY,
    criminal_basis,
    misdemeanor_referral,
    rests_on_act,
)
from sanitas.ordinance.general.vocabulary import (
    Category,
    Citation,
    Correction,
    Employee,
    Establishment,
    Inspection,
    Notice,
    Premises,
)

#: the sections whose rules run, in the order they run (``rules.AREAS``)
SECTIONS = ("observations", "penalties", "notices")

__all__ = [
    "CHAPTER_50_PENALTY",
    "OBSERVATION_RULES",
    "Category",
    "Citation",
    "Correction",
    "Employee",
    "Establishment",
    "Inspection",
    "Notice",
    "Premises",
    "criminal_basis",
    "dollars",
    "inspections_for",
    "is_observation",
    "join_dates",
    "memo",
    "misdemeanor_referral",
    "notice_recipient",
    "observation_requirements",
    "printed_cite",
    "program_of",
    "related",
    "rests_on_act",
]
