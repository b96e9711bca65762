"""Chapter 50, SB 1383 enforcement (Ord. 680): notices of violation, contamination,
citations, penalties, extensions, appeals, and the education period.

The clocks of the enforcement process, one function per requirement:

- contamination is its own track. A contamination found at an inspection opens
  ORG-CONTAMINATION-NOV (a cart tag or notice within 2 days, (D)(3); by the
  hauler, (D)(6)); the consecutive occasions make contamination processing fines
  assessable on the third ((D)(3)); the hauler's days of a calendar year allow its
  contamination service charge after two ((D)(6)). A contamination notice carries
  no 60-day clock: (D)(4) excepts "violations of generator contamination of
  container contents".
- every other Notice of Violation of an SB 1383 requirement requires compliance
  within 60 days (ORG-NOV-60-DAYS), extended only for the reasons of (G)
  (ORG-EXTENSION), each extension binding from the day it was decided. The notice
  is complied with when the records show the act it demanded, by the requirement's
  own rules applied to the records as they stood on each day (a self-inspection
  logged, a service started, a report filed, an agreement signed); a
  ``correction`` records compliance the other records cannot show.
- past its deadline without compliance, a notice is referred for an
  administrative citation (ORG-CITATION, (D)(5)(a)); a citation without a notice
  whose deadline passed uncorrected, or a contamination citation before the third
  consecutive occasion, is itself a finding. Only citations that could lawfully
  carry a penalty climb the ladder of $100 / $200 / $500 (ORG-PENALTY-AMOUNTS, (E));
  a citation may be appealed (ORG-APPEAL, (H)).
- before 2024-01-01 noncompliance gets educational material and no penalty
  (ORG-EDUCATION-PERIOD, (I)); from then on, a Notice of Violation
  (ORG-CIVIL-PENALTIES, (J)).

Records dated before the thing they answer (a correction before its notice, a
citation before the notice it names, an appeal before its citation) are data
problems: reported, and the start of no clock.

One module per group of the enforcement section's subdivisions, each module's
docstring naming them:

- ``vocabulary``: the fact types the enforcement rules read;
- ``common``: what the subdivisions share (the process's own requirements, words);
- ``notices``: (D)(4)-(5) and (G), a notice's 60 days, extensions, the act demanded;
- ``contamination``: (D)(3) and (D)(6), contamination and the hauler's charge;
- ``citations``: (D)(5), administrative citations;
- ``penalties``: (E), penalty amounts;
- ``appeals``: (H), appeals;
- ``noncompliance``: (I)-(J), the education period and civil penalties.
"""

from sanitas.ordinance.enforcement import (  # noqa: F401  (each section registers its rules)
    appeals,
    citations,
    common,
    contamination,
    noncompliance,
    notices,
    penalties,
    vocabulary,
)
from sanitas.ordinance.enforcement.common import (
    ENFORCEMENT_IDS,
    SECTION,
    enforcement_cite,
    kinds_phrase,
    ordinal,
    ordinal_word,
)
from sanitas.ordinance.enforcement.noncompliance import (
    Noncompliance,
    civil_penalties,
    education_material,
    generator_of,
)
from sanitas.ordinance.enforcement.notices import (
    ACT_READING,
    LATE_ENDS_READING,
    LATE_READING,
    compliance,
    original_deadline,
    shows_compliance,
)
from sanitas.ordinance.enforcement.notices import context_on as _context_on
from sanitas.ordinance.enforcement.vocabulary import REASON_WORDS

#: the sections whose rules run, in the order they run (``rules.AREAS``)
SECTIONS = (
    "contamination",
    "notices",
    "citations",
    "penalties",
    "appeals",
    "noncompliance",
)

#: the names read as ``enforcement.<name>`` (one under the name the area's tests use)
__all__ = [
    "ACT_READING",
    "ENFORCEMENT_IDS",
    "LATE_ENDS_READING",
    "LATE_READING",
    "REASON_WORDS",
    "SECTION",
    "Noncompliance",
    "_context_on",
    "civil_penalties",
    "compliance",
    "education_material",
    "enforcement_cite",
    "generator_of",
    "kinds_phrase",
    "ordinal",
    "ordinal_word",
    "original_deadline",
    "shows_compliance",
]
