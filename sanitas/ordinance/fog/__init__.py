"""Chapter 51, discharges by food service establishments (§§ 51.61–51.68): the FOG program.

Who is covered (FOG-FSE-DEFINITION): an establishment is a food service
establishment when it ``cooks`` (frying, baking, grilling, … producing hot food
in receptacles that need washing) and is not recorded as outside the city; no
FOG rule applies to any other establishment. Nothing in the subchapter binds
before it came into force (``fog.in_force``).

Subjects: a finding about an establishment's standing (interceptor, BMP
program, fixtures, additives, monitoring) names the establishment; about a
device's condition (25 percent, maintenance frequency) the device; about an
employee's training the employee; about one event (a pump-out manifest, a
blockage, an inspection, a notice, a charge) the event's ``id`` where it has
one, else the thing the event belongs to. A notice of noncompliance is followed
by its own ``id``: an establishment may hold several, each with its deadline.

Principles every rule here keeps:

- A violation rests on something recorded: an observation, a record that lacks
  what the law requires, an act dated after its limit. What the records do not
  say is never supplied: an interceptor whose approval is not recorded is to be
  confirmed (``due``), not unapproved; where an approval or requirement changed
  after the last observation, a follow-up observation is ``due`` from the change.
- An order or decision binds from its date forward: a Director's frequency
  order never makes a pump-out due on a day before the order existed.
- A deadline met after it passed stays on the record as ``late``: each late
  pump-out interval of an interceptor, each late training, each notice complied
  with late.
- A notice of noncompliance is complied with by the act it demanded, where the
  records show it (a pump-out, a counted training, a submittal, an installed
  interceptor, an observation of the state corrected), or by a correction.
- An event dated before the thing it belongs to existed (a pump-out before its
  device was installed, a blockage before the establishment opened, a training
  of an employee not yet hired) is a data problem naming both records: it
  neither satisfies nor starts any clock.

Explanations name things as a clerk would say them to the recipient
(``words.name_of``); the reading of the law a rule relied on is the finding's
``reading``, never part of its explanation. Explanations, readings and data
problems are declared messages (``fog.reading.*``, ``fog.problem.*``), rendered in
the reader's language.

Observations that describe a standing state (sanitary fixtures, additives,
monitoring facility) are decided by the latest observation that reports them: a
later observation that finds the state corrected records it corrected.

One module per group of the ordinance's sections, each module's docstring naming
its sections:

- ``vocabulary``: the fact types the subchapter's rules read;
- ``common``: what the sections share (who is an FSE, devices in service, words);
- ``discharges``: Chapter 51 definitions and § 51.61, FOG discharge prohibition;
- ``practices``: § 51.62, best management practices and training;
- ``pretreatment``: § 51.63, interceptors, variances and the conditional waiver;
- ``maintenance``: § 51.64, pump-outs, the 25 percent limit, additives, manifests;
- ``inspection``: §§ 51.65–51.66, records kept, monitoring facility and entry;
- ``noncompliance``: §§ 51.67–51.68, notices, charges and the recovery of fines.
"""

from sanitas.ordinance.fog import (  # noqa: F401  (each section registers its rules)
    common,
    discharges,
    inspection,
    maintenance,
    noncompliance,
    practices,
    pretreatment,
    vocabulary,
)
from sanitas.ordinance.fog.common import (
    APPROVAL_NOT_RECORDED,
    FOLLOW_UP_DUE,
    NOTICE_MET_BY_ACT,
    ORDER_FROM_ITS_DATE,
    REPAIRS_MAY_BE_ABSENT,
)
from sanitas.ordinance.fog.common import cents_words as _cents
from sanitas.ordinance.fog.maintenance import every_words as _every

#: the sections whose rules run, in the order they run (``rules.AREAS``)
SECTIONS = ("discharges", "practices", "pretreatment", "maintenance", "inspection", "noncompliance")

#: the names read as ``fog.<name>`` (the readings the findings print; an amount and
#: a frequency in words, under the names the area's tests use)
__all__ = [
    "APPROVAL_NOT_RECORDED",
    "FOLLOW_UP_DUE",
    "NOTICE_MET_BY_ACT",
    "ORDER_FROM_ITS_DATE",
    "REPAIRS_MAY_BE_ABSENT",
    "_cents",
    "_every",
]
